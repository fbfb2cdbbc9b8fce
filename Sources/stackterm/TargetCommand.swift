import AppCore
import AppRuntime
import ArgumentParser
import Foundation
import PrintMode
import StackAPI
import StackAuth
import StackRetrieval
import StackStore

/// `stackterm URL` and `stackterm search WORDS`: the browser started on a question or on search results. Its own
/// command because a positional argument beside subcommands would swallow `print`, `import` and `store`.
struct TargetCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "stackterm", abstract: "Open a question by its URL, or start on search results.",
                             version: VersionText.line)
    }

    @OptionGroup var options: SharedOptions

    @Option(help: ArgumentHelp("Start on the search results for these words (titles and bodies).", valueName: "words"))
    var search: String?

    @OptionGroup var offlineOption: OfflineOption
    var offline: Bool { offlineOption.offline }

    @OptionGroup var sampleOption: SampleOption

    @OptionGroup var liveOption: LiveOption

    @Argument(help: ArgumentHelp(
        "A question or answer URL of any Stack Exchange site (…/questions/ID, …/q/ID, …/a/ID), or `search WORDS…`.",
        valueName: "url | search words"))
    var target: [String] = []

    /// The start the arguments name; a usage error for anything but a question or answer URL or `search WORDS`.
    func start() throws -> BrowserStart {
        if target.first == "search" {
            let words = target.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty, search == nil else {
                throw ValidationError(search == nil ? "search needs the words to search for" : "give either --search or search WORDS, not both")
            }
            return .search(words)
        }
        guard let first = target.first else { return search.map { .search($0) } ?? .list }
        guard target.count == 1, search == nil else {
            throw ValidationError("expected one question URL, or search WORDS; got: \(target.joined(separator: " "))")
        }
        guard let link = QuestionLink(first) else {
            throw ValidationError("not a question or answer URL of a Stack Exchange site: \(first) "
                + "(expected …/questions/ID, …/q/ID or …/a/ID, or search WORDS)")
        }
        return .link(link)
    }

    func validate() throws {
        if search?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw ValidationError("--search needs words") }
        _ = try start()
    }

    func run() throws {
        try BrowserStart.run(options, start(), offline: offline, sample: sampleOption.sample, live: liveOption)
    }
}

/// What the browser starts on: the list, search results, or a question over its site's list.
enum BrowserStart: Equatable {
    case list
    case search(String)
    case link(QuestionLink)

    /// The options that take a value (the next argument, unless written `--name=value`).
    private static let valueOptions: Set<String> = ["--site", "--sort", "--tagged", "--page-size", "--api-base-url", "--api-key",
                                                     "--config", "--search", "--live-url"]

    /// The first argument that is neither an option nor an option's value, if any.
    static func firstPositional(_ arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.count ? arguments[index + 1] : nil }
            if !argument.hasPrefix("-") || argument == "-" { return argument }
            index += valueOptions.contains(argument) ? 2 : 1
        }
        return nil
    }

    /// Starts the browser on `start` with `options` (needs a terminal; exit 2 without one).
    static func run(_ options: SharedOptions, _ start: BrowserStart, offline: Bool, sample: Bool = false,
                    live: LiveOption = LiveOption()) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            StacktermCommand.standardError("stackterm: needs a terminal (stdin and stdout must be a TTY); "
                + "for pipes and scripts use `stackterm print` (see `stackterm print --help`).")
            throw ExitCode(PrintExitCode.usage)
        }
        var (loaded, settings) = options.resolve(live: live)
        var storeNotice: String?
        var storeProblem: String?
        var local: LocalDataManager?
        do {
            let store = try Store(maxBytes: Int64(settings.storeMaxMB) * 1_048_576,
                                  announceUpgrade: StacktermCommand.warn)
            storeNotice = [store.notice, store.writesPaused].compactMap { $0 }.joined(separator: "; ").nilIfEmpty
            local = LocalDataManager(store: store)
        } catch {
            storeProblem = "\(error)"
            storeNotice = "No local store: \(error); nothing is kept" + (offline ? " and nothing can be shown offline" : "")
        }
        // Flags (a link's site first, the sample's) > the config file > what the store remembers of the last run > the defaults.
        var startSite: String?
        if case .link(let link) = start { startSite = link.site }
        if sample {
            try importSample(into: local?.store, storeProblem: storeProblem)
            startSite = SampleSite.site
            storeNotice = [storeNotice, SampleSite.attribution].compactMap { $0 }.joined(separator: "; ")
        }
        let rememberedNotice = settings.restore(
            commandLine: options.commandLine, file: loaded.config.settings, startSite: startSite,
            lastSite: try? local?.store.lastSite(), watchedTags: try? local?.store.rememberedWatchedTags()
        ) { site in
            let memory = try? local?.store.browseMemory(site: site)
            return (memory?.sort, memory?.tagged)
        }
        let (login, loginNotice) = storedLogin()
        var browse = BrowseSettings(site: settings.site, sort: settings.sort, tagged: settings.tagged,
                                    pageSize: settings.pageSize, hasAPIKey: settings.apiKey != nil)
        if case .search(let words) = start { browse.searchQuery = words }
        var configuration = RuntimeConfiguration(
            settings: browse,
            baseURL: settings.apiBaseURL,
            apiKey: settings.apiKey,
            keymap: settings.keymap,
            startupMessage: [loaded.startupMessage, storeNotice, rememberedNotice, loginNotice].compactMap { $0 }.joined(separator: "; ")
                .nilIfEmpty,
            theme: settings.theme,
            maxTextWidth: settings.maxWidth,
            local: local,
            offline: offline || sample)
        if case .link(let link) = start { configuration.startLink = link }
        configuration.storeProblem = storeProblem
        configuration.browserInTerminal = settings.browserInTerminal
        configuration.mouseEnabled = settings.mouse
        configuration.live = settings.live && !(offline || sample)
        configuration.liveURL = offline || sample ? nil : settings.liveURL
        configuration.liveRefreshSeconds = Double(settings.liveRefreshSeconds)
        configuration.watchTags = settings.watchTags
        configuration.bell = settings.bell
        configuration.math = settings.math
        configuration.login = login
        configuration.clock = DisplayClock.from(environment: ProcessInfo.processInfo.environment,
                                                warn: StacktermCommand.standardError)
        AppRunner.run(configuration)
    }

    /// The login `stackterm login` kept, if any; a token file that cannot be used is a notice saying why and how to
    /// mend it (the browser works as without a login).
    static func storedLogin() -> (StoredLogin?, String?) {
        do {
            return (try TokenFile(environment: ProcessInfo.processInfo.environment).read(), nil)
        } catch TokenFileError.noLocation {
            return (nil, nil)
        } catch {
            return (nil, "Not logged in: " + error.message)
        }
    }

    /// Imports the sample site into `store` unless it holds it already, saying so on stderr; fails with a clear
    /// message when there is no store (`storeProblem` says why), the archive is not beside the program, or it cannot
    /// be imported (naming it and why).
    static func importSample(into store: Store?, storeProblem: String?) throws {
        guard let store else {
            StacktermCommand.standardError("stackterm: --sample needs the local store: \(storeProblem ?? "it could not be opened")")
            throw ExitCode(1)
        }
        guard let archive = SampleSite.archive() else {
            StacktermCommand.standardError("stackterm: " + SampleSite.missingMessage())
            throw ExitCode(1)
        }
        let started = Date()
        let summary: ImportSummary
        do { summary = try store.importSample(from: archive) } catch {
            StacktermCommand.standardError("stackterm: " + SampleSite.importFailure(error, archive: archive))
            throw ExitCode(1)
        }
        if summary.rowsWritten.values.contains(where: { $0 > 0 }) {
            StacktermCommand.standardError(String(format: "stackterm: imported the sample site (cardano) into the local store in %.1f s",
                                                  Date().timeIntervalSince(started)))
        }
    }
}
