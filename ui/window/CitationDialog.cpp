#include "CitationDialog.h"

#include "Citation.h"
#include "SaveFile.h"
#include "TextSanitizer.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace kix::ui {

CitationDialog::CitationDialog(ManifestPtr run, QWidget* parent)
    : QDialog(parent)
    , m_run(std::move(run))
    , m_format(new QComboBox(this))
    , m_url(new QLineEdit(this))
    , m_accessed(new QDateEdit(QDate::currentDate(), this))
    , m_text(new QPlainTextEdit(this)) {
    setWindowTitle(tr("Cite %1").arg(m_run ? widgetLine(m_run->title()) : QString()));
    m_format->addItem(tr("BibTeX"), int(CitationFormat::BibTeX));
    m_format->addItem(tr("CITATION.cff"), int(CitationFormat::Cff));
    m_format->addItem(tr("Plain text"), int(CitationFormat::Text));
    m_url->setPlaceholderText(tr("permalink (none in the manifest: the digest identifies the run)"));
    // The manifest's permalink is untrusted: shown with its controls visible, while the citation of an
    // unedited field keeps the permalink exactly as the manifest has it (the citation escapes it).
    if (m_run) {
        m_shownPermalink = widgetLine(manifestPermalink(*m_run));
        m_url->setText(m_shownPermalink);
    }
    m_accessed->setCalendarPopup(true);
    m_accessed->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setMinimumSize(640, 240);
    auto* form = new QFormLayout;
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Permalink:"), m_url);
    form->addRow(tr("Accessed:"), m_accessed);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* copy = buttons->addButton(tr("Copy to clipboard"), QDialogButtonBox::ActionRole);
    auto* saveButton = buttons->addButton(tr("Save…"), QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copy, &QPushButton::clicked, this, &CitationDialog::copyToClipboard);
    connect(saveButton, &QPushButton::clicked, this, &CitationDialog::save);
    connect(m_format, &QComboBox::currentIndexChanged, this, &CitationDialog::refresh);
    connect(m_url, &QLineEdit::textChanged, this, &CitationDialog::refresh);
    connect(m_accessed, &QDateEdit::dateChanged, this, &CitationDialog::refresh);
    refresh();
}

QString CitationDialog::text() const {
    return m_text->toPlainText();
}

void CitationDialog::refresh() {
    CitationOptions o;
    o.accessed = m_accessed->date();
    o.url = m_url->text().trimmed();
    if (m_url->text() == m_shownPermalink)
        o.url.clear(); // the manifest's own, as it is
    m_text->setPlainText(m_run ? cite(*m_run, CitationFormat(m_format->currentData().toInt()), o)
                               : QString());
}

void CitationDialog::copyToClipboard() const {
    QApplication::clipboard()->setText(text());
}

void CitationDialog::save() {
    static const char* const suffixes[] = {"bib", "cff", "txt"};
    const QString suggested =
        QStringLiteral("citation.%1").arg(QLatin1String(suffixes[m_format->currentIndex()]));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save citation"), suggested);
    if (path.isEmpty())
        return;
    const QString error = saveTo(path);
    if (error.isEmpty())
        return;
    QMessageBox box(QMessageBox::Warning, tr("Save citation"), error, QMessageBox::Ok, this);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

QString CitationDialog::saveTo(const QString& path) const {
    return widgetLine(saveFile(path, text().toUtf8())); // never over a device or a FIFO
}

} // namespace kix::ui
