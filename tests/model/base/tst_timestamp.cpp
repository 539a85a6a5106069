// Strict RFC 3339 date-times, UTC instants and KernelIndex's own instant rule, as tables.
#include "TestMain.h"
#include "Timestamp.h"

#include <QTest>

class TestTimestamp : public QObject {
    Q_OBJECT
private slots:
    void table_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("rfc3339");
        QTest::addColumn<bool>("utc");
        QTest::addColumn<bool>("kernelIndex");
        auto row = [](const char* name, const char* text, bool rfc, bool utc, bool ki) {
            QTest::newRow(name) << QString::fromUtf8(text) << rfc << utc << ki;
        };
        row("utc", "2026-08-01T12:00:00Z", true, true, true);
        row("millis", "2026-03-14T23:56:12.645Z", true, true, true);
        row("nanos", "2026-03-14T23:56:12.123456789Z", true, true, true);
        row("offset", "2026-08-01T12:00:00+02:00", true, false, false);
        row("negative offset", "2026-08-01T12:00:00-05:30", true, false, false);
        row("unknown local offset", "2026-08-01T12:00:00-00:00", true, false, false);
        row("lowercase t and z", "2026-08-01t12:00:00z", true, false, false);
        row("lowercase z", "2026-08-01T12:00:00z", true, false, false);
        row("leap second", "2016-12-31T23:59:60Z", true, false, false);
        row("leap day", "2024-02-29T00:00:00Z", true, true, true);
        row("leap day 2000", "2000-02-29T00:00:00Z", true, true, true);
        row("no leap day 1900", "1900-02-29T00:00:00Z", false, false, false);
        row("no leap day 2026", "2026-02-29T00:00:00Z", false, false, false);
        row("april 31", "2026-04-31T00:00:00Z", false, false, false);
        row("month 13", "2026-13-01T00:00:00Z", false, false, false);
        row("month 0", "2026-00-01T00:00:00Z", false, false, false);
        row("day 0", "2026-01-00T00:00:00Z", false, false, false);
        row("hour 24", "2026-08-01T24:00:00Z", false, false, false);
        row("minute 60", "2026-08-01T12:60:00Z", false, false, false);
        row("second 61", "2026-08-01T12:00:61Z", false, false, false);
        row("no seconds", "2026-08-01T12:00Z", false, false, true);
        row("no offset", "2026-08-01T12:00:00", false, false, false);
        row("date only", "2026-08-01", false, false, false);
        row("space for T", "2026-08-01 12:00:00Z", false, false, false);
        row("empty fraction", "2026-08-01T12:00:00.Z", false, false, false);
        row("two-digit year", "26-08-01T12:00:00Z", false, false, false);
        row("five-digit year", "20260-08-01T12:00:00Z", false, false, false);
        row("offset without colon", "2026-08-01T12:00:00+0200", false, false, false);
        row("offset hour 24", "2026-08-01T12:00:00+24:00", false, false, false);
        row("trailing text", "2026-08-01T12:00:00Z junk", false, false, false);
        row("leading space", " 2026-08-01T12:00:00Z", false, false, false);
        row("week date", "2026-W31-1T12:00:00Z", false, false, false);
        row("arabic-indic digits", "٢٠٢٦-08-01T12:00:00Z", false, false, false);
        row("empty", "", false, false, false);
    }
    void table() {
        QFETCH(QString, text);
        QFETCH(bool, rfc3339);
        QFETCH(bool, utc);
        QFETCH(bool, kernelIndex);
        QCOMPARE(kix::isRfc3339DateTime(text), rfc3339);
        QCOMPARE(kix::isUtcInstant(text), utc);
        QCOMPARE(kix::isKernelIndexInstant(text.toStdString()), kernelIndex);
    }
};

KIX_TEST_GUILESS_MAIN(TestTimestamp)
#include "tst_timestamp.moc"
