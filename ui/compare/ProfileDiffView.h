// The profile section of Compare for two runs (ProfileDiffModel.h): hidden when neither run has a profile;
// otherwise a line that says which runs have one and how their GPU states differed, and the table.
#pragma once

#include "CaseComparison.h"
#include "Manifest.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace kix::ui {

class ProfileDiffModel;

class ProfileDiffView : public QWidget {
    Q_OBJECT
public:
    explicit ProfileDiffView(QWidget* parent = nullptr);
    void showRuns(const Manifest& a, const Manifest& b, const CaseComparison& cmp);
    void clear();

    QLabel* summaryLabel() const { return m_summary; }
    ProfileDiffModel* model() const { return m_model; }

private:
    QLabel* m_summary;
    ProfileDiffModel* m_model;
    QTableView* m_view;
};

} // namespace kix::ui
