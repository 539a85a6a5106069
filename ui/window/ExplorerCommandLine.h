// The explorer's command line: paths to open (manifests, folders, catalog exports), and what to do once
// they are loaded (select rows, show a tab, render a screenshot and exit). Parsed here rather than in
// main() so that tests can drive it.
#pragma once

#include <QCommandLineParser>
#include <QStringList>

namespace kix::ui {

class MainWindow;

class ExplorerCommandLine {
public:
    ExplorerCommandLine();
    // The explorer's exit statuses besides 0, as `kix` numbers them.
    static constexpr int kScreenshotNotWritten = 1;
    static constexpr int kBadCommandLine = 2;
    // Parses the arguments (arguments[0] is the program); false with errorText() on a bad command line.
    bool parse(const QStringList& arguments);
    // `text` as the explorer says it on stderr: "kix-explorer: <text>", sanitized for a terminal (an
    // option name or a path is whatever the caller typed or a script passed).
    static QString terminalMessage(const QString& text);
    QString errorText() const { return m_parser.errorText(); }
    QCommandLineParser& parser() { return m_parser; }
    QStringList paths() const { return m_parser.positionalArguments(); }
    // Opens the paths (the bundled samples when there are none) and applies the options once loaded.
    void start(MainWindow& window);

private:
    QCommandLineParser m_parser;
};

} // namespace kix::ui
