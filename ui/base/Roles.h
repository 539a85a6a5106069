// Custom item roles shared by the models and the views.
#pragma once

#include <Qt>

namespace kix::ui {

enum Roles {
    SortRole = Qt::UserRole + 1, // numbers sort as numbers, missing values last
    ManifestIndexRole,           // the row's index in the RunStore
    RunIndexRole,                // the run's index in the RecordIndex
};

} // namespace kix::ui
