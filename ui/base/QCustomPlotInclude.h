// The one place kix includes QCustomPlot (GPL-3.0), so the GUI library alone depends on it.
// Its header uses foreach: targets that include it must not define QT_NO_FOREACH.
#pragma once

#include <qcustomplot.h>
