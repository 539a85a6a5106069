// The Fleet tab (issue 39): the selected runs as one cohort on several cards of a host, as
// model/analysis/fleet/FleetReport.h computes it — the reference card and the spread above, each card's
// suite ratio, verdict and GPU state, each case's median per card with its spread — or, where the runs are
// no fleet, why. The view only draws the report; docs/fleet.md says what each number is.
#pragma once

#include "FleetReport.h"
#include "RowTableModel.h"

#include <QAbstractTableModel>
#include <QWidget>

class QLabel;
class QTableView;

namespace kix::ui {

enum class FleetCardColumn { Card, Identity, Geomean, Ratio, Interval, Verdict, State, Count };

// One row per card: its name, identity, geomean, suite verdict against the reference (its reason as the
// tooltip) and GPU state.
struct FleetCardRow {
    QString name, identity, geomean, ratio, interval, verdict, reason, state;
    bool reference = false, named = false; // named: slower or faster than the fleet
};

class FleetCardsModel : public RowTableModel<FleetCardRow> {
    Q_OBJECT
public:
    explicit FleetCardsModel(QObject* parent = nullptr);
    void setReport(const FleetReport& report);

protected:
    QVariant cell(const FleetCardRow& row, int column, int role) const override;
};

// One row per case: its label, the spread (max/min) and CV across the cards, then each card's median
// (marked + slower, - faster, ? can't tell against the reference), its interval and flags as the tooltip.
class FleetCasesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit FleetCasesModel(QObject* parent = nullptr);
    void setReport(const FleetReport& report);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static constexpr int kFixedColumns = 3; // case, spread, CV; then one per card

private:
    FleetReport m_report;
};

class FleetView : public QWidget {
    Q_OBJECT
public:
    explicit FleetView(QWidget* parent = nullptr);
    // The fleet report of `runs` (one per card); fewer than two, or runs that are no fleet, say why.
    void showRuns(const QList<ManifestPtr>& runs);
    QString summary() const;
    FleetCardsModel* cards() const { return m_cards; }
    FleetCasesModel* cases() const { return m_cases; }

private:
    QLabel* m_summary;
    FleetCardsModel* m_cards;
    FleetCasesModel* m_cases;
    QTableView* m_cardTable;
    QTableView* m_caseTable;
};

} // namespace kix::ui
