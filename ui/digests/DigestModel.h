// Digest checks and signed envelopes, for one run or for every loaded run. A signature is a row of its
// own (what kix checked about the envelope), never a change to a digest's state: a signature does not
// upgrade a digest that does not verify.
#pragma once

#include "RowTableModel.h"
#include "Signing.h"
#include "Verification.h"

#include <optional>

namespace kix::ui {

struct DigestRow {
    DigestRow() = default;
    DigestRow(QString runTitle, DigestCheck digest)
        : run(std::move(runTitle))
        , check(std::move(digest)) {}
    static DigestRow ofSignature(QString runTitle, SignatureCheck signature) {
        DigestRow r;
        r.run = std::move(runTitle);
        r.signature = std::move(signature);
        return r;
    }

    QString run;                             // title of the run the row belongs to
    DigestCheck check;                       // a digest row
    std::optional<SignatureCheck> signature; // set for an envelope row (check is then unused)
};

class DigestModel : public RowTableModel<DigestRow> {
    Q_OBJECT
public:
    enum Column { Run, Field, State, Expected, Computed, Reason };
    explicit DigestModel(QObject* parent = nullptr);

protected:
    QVariant cell(const DigestRow& row, int column, int role) const override;

private:
    QVariant signatureCell(const DigestRow& row, int column, int role) const;
};

QString stateSymbol(DigestCheck::State state); // ✔ ✖ ?
QString signatureSymbol(SignatureState state); // ✔ trusted, ? unknown key, ✖ the others
QString
signatureStateText(const SignatureCheck& c); // "✔ signed by sha256:… (trusted)", "✖ signature invalid"

} // namespace kix::ui
