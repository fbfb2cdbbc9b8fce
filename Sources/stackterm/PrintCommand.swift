import AppConfig
import ArgumentParser
import Foundation
import PrintMode
import StackAPI
import StackRetrieval
import StackStore
import TeXMath

/// `stackterm print`: the first questions of a list or search as plain or JSON lines, or one whole thread
/// (`--question`, or `--search … --top-answer`); no curses.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print questions of the list or a search as lines, or one thread, for pipes and scripts.",
        discussion: HelpText.printDiscussion)

    @OptionGroup var options: SharedOptions

    @Flag(help: "JSON instead of plain text: one object per question line, or one object for a thread.")
    var json = false

    @Option(help: "How many questions to print at most (default: \(PrintRequest.defaultLimit)).")
    var limit: Int?

    @Option(help: ArgumentHelp("Search titles and bodies (sorted by relevance unless --sort activity, creation or votes).",
                               valueName: "query"))
    var search: String?

    @Option(help: ArgumentHelp(
        "Print one thread: a question id, or a question or answer link of any site (its site wins over --site).",
        valueName: "id-or-url"))
    var question: String?

    @Flag(help: "With --question or --search: print only the best answer (the linked one, else accepted, else top score).")
    var topAnswer = false

    @Option(help: "Columns to wrap a thread's plain text to (20-1000, default: \(ThreadRequest.defaultWidth)).")
    var width: Int?

    @Flag(help: "Print the logged-in user's inbox (stackterm login), newest first, across sites.")
    var inbox = false

    @OptionGroup var offlineOption: OfflineOption
    var offline: Bool { offlineOption.offline }

    /// Words given without an option (`print staking`): never used, only to point at `--search` or `--question`.
    @Argument(help: .hidden) var stray: [String] = []

    func validate() throws {
        if inbox {
            if question != nil || topAnswer || search != nil || width != nil {
                throw ValidationError("--inbox prints the inbox alone: leave out --question, --search, --top-answer and --width")
            }
            if offline { throw ValidationError("--inbox needs the network: the inbox is not kept offline") }
            return
        }
        if let first = stray.first {
            let words = stray.joined(separator: " ")
            let hint = Int(first) != nil || first.contains("://") ? "--question \(first)" : "--search \"\(words)\""
            throw ValidationError("print takes no words of its own (\(words)): to print what you meant, give \(hint)")
        }
        if question != nil || topAnswer {
            if let problem = threadProblem { throw ValidationError(problem) }
            return
        }
        if width != nil { throw ValidationError("--width applies to a thread (--question, or --search with --top-answer)") }
        let shape = PrintRequest(site: "-", sort: search == nil ? nil : options.sort, query: search,
                                 limit: limit ?? PrintRequest.defaultLimit)
        if let problem = shape.problem { throw ValidationError(problem) }
    }

    /// What is wrong with a thread print's flags, or nil.
    private var threadProblem: String? {
        if question != nil, search != nil { return "--question and --search name different things; give one" }
        if question == nil, search == nil { return "--top-answer needs --question or --search" }
        if limit != nil { return "--limit applies to question lists; a thread prints one question" }
        if let question, ThreadRequest.source(fromQuestionArgument: question) == nil {
            return "--question needs a question id or a link such as https://stackoverflow.com/questions/11227809"
        }
        if let search, search.trimmingCharacters(in: .whitespaces).isEmpty { return "--search needs some text" }
        if let width, !ThreadRequest.widths.contains(width) { return "--width must be between 20 and 1000" }
        return nil
    }

    func run() throws {
        let (loaded, settings) = options.resolve()
        if let message = loaded.startupMessage { StacktermCommand.standardError("stackterm: " + message) }
        let factory = RequestFactory(baseURL: settings.apiBaseURL, key: settings.apiKey)
        let local = openStore(settings: settings)
        let loader = Retrieval(factory: factory).loader(local: local)
        if inbox {
            printInbox(loader: loader)
        } else if question != nil || topAnswer {
            printThread(settings: settings, loader: loader)
        } else {
            printQuestions(settings: settings, loader: loader)
        }
    }

    /// The local store, as the browser opens it; without one, print asks only the network (`--offline`: says why).
    private func openStore(settings: EffectiveSettings) -> LocalDataManager? {
        do {
            // Offline, print only reads: the file is left as it was.
            let store = try Store(maxBytes: Int64(settings.storeMaxMB) * 1_048_576, opening: offline ? .forReading : .forWriting,
                                  announceUpgrade: StacktermCommand.warn)
            // A file moved aside (unusable, or damaged and recovered from) is said once, with what was kept.
            if let notice = store.notice { StacktermCommand.standardError("stackterm: " + notice) }
            if let paused = store.writesPaused, !offline { StacktermCommand.standardError("stackterm: " + paused) }
            return LocalDataManager(store: store)
        } catch {
            if offline { StacktermCommand.standardError("stackterm: no local store: \(error); nothing can be printed offline") }
            return nil
        }
    }

    /// The mode of every load: the store only with `--offline`, else what the browser does.
    private var mode: LoadMode { offline ? .storeOnly : .preferFresh }

    /// Says on stderr when the network could not answer and the store did, and when the store's search was cut
    /// (`cutNotice`, once: the browser's status line in the same words), lets the store write what was kept (a second
    /// at most), and exits with `code`.
    static func exit(_ code: Int32, loader: Loader, answeredByStore: Bool, offline: Bool, cutNotice: String?) -> Never {
        if answeredByStore && !offline {
            StacktermCommand.standardError("stackterm: the network could not be reached; printed what the local store holds")
        }
        if let cutNotice { StacktermCommand.standardError("stackterm: " + cutNotice) }
        loader.local?.flush(waitingAtMost: 1)
        // Offline, nothing was written: closed, the store leaves no empty `-wal` behind.
        if offline { loader.local?.store.closeFile() }
        Foundation.exit(code)
    }

    /// How plain output shows `site`'s formulas (the `math` setting; nil: the site has no MathJax). JSON keeps the TeX.
    private static func math(site: String, _ settings: EffectiveSettings) -> MathOptions? {
        MathOptions.forSite(site, style: settings.math == .ascii ? .ascii : .unicode, showsSource: settings.math == .source)
    }

    private func printQuestions(settings: EffectiveSettings, loader: Loader) {
        // A search sorts by relevance unless --sort says otherwise; the config's sort is for the list.
        let request = PrintRequest(
            site: settings.site, sort: search == nil ? settings.sort : options.sort, query: search,
            tagged: settings.tagged, limit: limit ?? PrintRequest.defaultLimit, pageSize: options.pageSize)
        let (json, mode, offline) = (self.json, self.mode, self.offline)
        let math = Self.math(site: settings.site, settings)
        DispatchQueue.main.async { @MainActor in
            let collector = QuestionCollector(loader: loader, request: request, mode: mode)
            collector.start(onQuestions: { questions in
                let text = questions.map { (json ? QuestionLine.json($0) : QuestionLine.plain($0, math: math)) + "\n" }.joined()
                FileHandle.standardOutput.write(Data(text.utf8))
            }, completion: { outcome in
                if let message = outcome.message { StacktermCommand.standardError(message) }
                Self.exit(outcome.exitCode, loader: loader, answeredByStore: collector.answeredByStore, offline: offline,
                          cutNotice: collector.cutNotice)
            })
        }
        Self.runMainLoop()
    }

    private func printThread(settings: EffectiveSettings, loader: Loader) {
        var site = settings.site
        let source: ThreadRequest.Source
        if let question, let named = ThreadRequest.source(fromQuestionArgument: question) {
            source = named.source
            site = named.site ?? site
        } else {
            source = .search(query: search ?? "", tagged: settings.tagged)
        }
        let request = ThreadRequest(site: site, source: source, topAnswerOnly: topAnswer,
                                    width: width ?? ThreadRequest.defaultWidth)
        let (json, mode, offline) = (self.json, self.mode, self.offline)
        let math = Self.math(site: site, settings)
        DispatchQueue.main.async { @MainActor in
            let threadLoader = ThreadLoader(loader: loader, request: request, mode: mode)
            threadLoader.start { result in
                let outcome = ThreadOutcome(result)
                if case .success(let loaded) = result {
                    let text = json ? ThreadText.json(loaded, topAnswerOnly: request.topAnswerOnly)
                        : ThreadText.plain(loaded, topAnswerOnly: request.topAnswerOnly, width: request.width, math: math)
                    FileHandle.standardOutput.write(Data(text.utf8))
                }
                if let message = outcome.message { StacktermCommand.standardError(message) }
                Self.exit(outcome.exitCode, loader: loader, answeredByStore: threadLoader.answeredByStore, offline: offline,
                          cutNotice: threadLoader.cutNotice)
            }
        }
        Self.runMainLoop()
    }

    /// Runs the main queue (where the loads above start, on the main actor) until a completion exits the process.
    static func runMainLoop() -> Never {
        RunLoop.main.run()
        dispatchMain() // only reached if the run loop had nothing to run
    }
}
