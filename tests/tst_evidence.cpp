#include <QTest>
class TestEvidence : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(TestEvidence)
#include "tst_evidence.moc"
