import AppConfig
import ArgumentParser
import Foundation
import PrintMode
import StackAPI
import StackRetrieval

/// `stackterm print`: the first questions of a list or search as plain or JSON lines; no curses.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print the first questions of the list or a search as lines, for pipes and scripts.",
        discussion: HelpText.printDiscussion)

    @OptionGroup var options: SharedOptions

    @Flag(help: "One JSON object per line instead of plain text.")
    var json = false

    @Option(help: "How many questions to print at most.")
    var limit = PrintRequest.defaultLimit

    @Option(help: ArgumentHelp("Search titles and bodies (sorted by relevance unless --sort activity, creation or votes).",
                               valueName: "query"))
    var search: String?

    func validate() throws {
        let shape = PrintRequest(site: "-", sort: search == nil ? nil : options.sort, query: search, limit: limit)
        if let problem = shape.problem { throw ValidationError(problem) }
    }

    func run() throws {
        let (loaded, settings) = options.resolve()
        if let message = loaded.startupMessage { StacktermCommand.standardError("stackterm: " + message) }
        // A search sorts by relevance unless --sort says otherwise; the config's sort is for the list.
        let request = PrintRequest(
            site: settings.site, sort: search == nil ? settings.sort : options.sort, query: search,
            tagged: settings.tagged, limit: limit, pageSize: options.pageSize)
        let factory = RequestFactory(baseURL: settings.apiBaseURL, key: settings.apiKey)
        let json = self.json
        MainActor.assumeIsolated {
            let collector = QuestionCollector(retrieval: Retrieval(factory: factory), request: request)
            collector.start(onQuestions: { questions in
                let text = questions.map { (json ? QuestionLine.json($0) : QuestionLine.plain($0)) + "\n" }.joined()
                FileHandle.standardOutput.write(Data(text.utf8))
            }, completion: { outcome in
                if let message = outcome.message { StacktermCommand.standardError(message) }
                Foundation.exit(outcome.exitCode)
            })
            RunLoop.main.run()
            dispatchMain() // only reached if the run loop had nothing to run
        }
    }
}
