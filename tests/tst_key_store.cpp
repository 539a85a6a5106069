#include <QTest>
class TestKeyStore : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(TestKeyStore)
#include "tst_key_store.moc"
