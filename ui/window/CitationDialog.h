// Citation text for one run in BibTeX, CITATION.cff style or plain text; copy or save it.
#pragma once

#include "Manifest.h"

#include <QDialog>

class QComboBox;
class QDateEdit;
class QLineEdit;
class QPlainTextEdit;

namespace kix::ui {

class CitationDialog : public QDialog {
    Q_OBJECT
public:
    explicit CitationDialog(ManifestPtr run, QWidget* parent = nullptr);
    QString text() const;
    QComboBox* formatBox() const { return m_format; }
    QDateEdit* accessedEdit() const { return m_accessed; }
    QLineEdit* urlEdit() const { return m_url; }
    void copyToClipboard() const;
    // Writes the citation to `path`; returns the error shown (the path sanitized) or "".
    QString saveTo(const QString& path) const;

private:
    void refresh();
    void save();

    ManifestPtr m_run;
    QComboBox* m_format;
    QLineEdit* m_url;
    QDateEdit* m_accessed;
    QPlainTextEdit* m_text;
    QString m_shownPermalink; // the manifest's permalink as the field shows it
};

} // namespace kix::ui
