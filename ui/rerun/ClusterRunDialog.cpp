#include "ClusterRunDialog.h"

#include "SolutionChoice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace kix::ui {

QString clusterSolutionRefusal() {
    return ClusterRunDialog::tr("kix run --solution runs on this machine only; --slurm does not take a "
                                "solution yet (use Run locally… on a machine with the GPU)");
}

QStringList clusterArguments(const ClusterSettings& s) {
    QStringList args;
    const auto add = [&args](const char* option, const QString& value) {
        if (!value.trimmed().isEmpty())
            args << QLatin1String(option) << value.trimmed();
    };
    add("--partition", s.partition);
    add("--account", s.account);
    add("--gres", s.gres);
    add("--time", s.time);
    add("--array", s.array);
    add("--cases", s.cases);
    if (s.cpuMode)
        args << QStringLiteral("--device") << QStringLiteral("cpu");
    if (s.quick)
        args << QStringLiteral("--quick");
    args << QStringLiteral("--poll") << QString::number(s.pollSeconds);
    return args;
}

ClusterRunDialog::ClusterRunDialog(const ClusterSettings& s, QWidget* parent)
    : QDialog(parent)
    , m_partition(new QLineEdit(s.partition, this))
    , m_account(new QLineEdit(s.account, this))
    , m_output(new QLineEdit(s.outputFolder, this))
    , m_gres(new QLineEdit(s.gres, this))
    , m_time(new QLineEdit(s.time, this))
    , m_array(new QLineEdit(s.array, this))
    , m_cases(new QLineEdit(s.cases, this))
    , m_device(new QComboBox(this))
    , m_quick(new QCheckBox(tr("Quick (fewer timed iterations)"), this))
    , m_choice(new SolutionChoice({}, clusterSolutionRefusal(), this))
    , m_pollSeconds(s.pollSeconds) {
    setWindowTitle(tr("Run on cluster"));
    m_partition->setPlaceholderText(tr("the cluster's default"));
    m_account->setPlaceholderText(tr("your default account"));
    m_gres->setPlaceholderText(tr("gpu:1 in GPU mode"));
    m_time->setPlaceholderText(tr("the partition's limit, e.g. 00:30:00"));
    m_array->setPlaceholderText(QStringLiteral("gpus:1"));
    m_array->setToolTip(tr("cases: one task per case · cases:N: N groups of cases · gpus:N: N tasks, each "
                           "running every case on its own GPU"));
    m_cases->setPlaceholderText(tr("all (CPU mode: the small ones)"));
    m_device->addItem(tr("GPU (the bundled CUDA kernel)"));
    m_device->addItem(tr("CPU mode (the kernel's math on a CPU; not a GPU result)"));
    m_device->setCurrentIndex(s.cpuMode ? 1 : 0);
    m_quick->setChecked(s.quick);

    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Shared output folder"), m_output->text());
        if (!dir.isEmpty())
            m_output->setText(dir);
    });
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browse);

    auto* note =
        new QLabel(tr("kix writes a batch script, submits it with sbatch and follows the job. The output "
                      "folder must be on a filesystem the compute nodes share; every manifest that comes "
                      "back is verified before it is opened."),
                   this);
    note->setTextFormat(Qt::PlainText);
    note->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Partition"), m_partition);
    form->addRow(tr("Account"), m_account);
    form->addRow(tr("Output folder"), outputRow);
    form->addRow(tr("Device"), m_device);
    form->addRow(tr("gres"), m_gres);
    form->addRow(tr("Time limit"), m_time);
    form->addRow(tr("Array"), m_array);
    form->addRow(tr("Cases"), m_cases);
    form->addRow(QString(), m_quick);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Submit"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(m_choice);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

ClusterSettings ClusterRunDialog::settings() const {
    ClusterSettings s;
    s.partition = m_partition->text().trimmed();
    s.account = m_account->text().trimmed();
    s.outputFolder = m_output->text().trimmed();
    s.cpuMode = m_device->currentIndex() == 1;
    s.gres = m_gres->text().trimmed();
    s.time = m_time->text().trimmed();
    s.array = m_array->text().trimmed();
    s.cases = m_cases->text().trimmed();
    s.quick = m_quick->isChecked();
    s.pollSeconds = m_pollSeconds;
    return s;
}

} // namespace kix::ui
