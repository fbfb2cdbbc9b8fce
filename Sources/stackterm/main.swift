import ArgumentParser
import AppCore
import AppRuntime
import Foundation
import Rendering
import StackAPI

extension QuestionSort: ExpressibleByArgument {}

/// `stackterm`: parses the command line and hands a configuration to the runtime.
@main
struct StacktermCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackterm",
        abstract: "Browse Stack Exchange questions and answers in the terminal.",
        discussion: "Keys:\n" + HelpScreen.lines(for: .standard).map { "  " + $0 }.joined(separator: "\n"),
        version: StackTermVersion.current
    )

    @Option(help: "The site's API parameter, e.g. stackoverflow, superuser, cardano.")
    var site = "stackoverflow"

    @Option(help: "Sort order of the list: \(QuestionSort.allCases.map(\.rawValue).joined(separator: ", ")).")
    var sort: QuestionSort = .activity

    @Option(help: "Only questions with all these tags, separated by ';'.")
    var tagged: String?

    @Option(help: "Questions per request (1-100).")
    var pageSize = 50

    @Option(name: .customLong("api-base-url"), help: "API root, e.g. http://127.0.0.1:8080/2.3 for the local double.")
    var apiBaseURL = RequestFactory.stackExchangeBaseURL.absoluteString

    @Option(name: .customLong("api-key"), help: ArgumentHelp("API key (or STACKTERM_API_KEY): 10,000 requests a day and pages past 25.", valueName: "key"))
    var apiKey: String?

    func validate() throws {
        guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100") }
        guard let url = URL(string: apiBaseURL), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--api-base-url must be an http(s) URL such as https://api.stackexchange.com/2.3")
        }
        guard !site.isEmpty, site.allSatisfy({ $0.isLetter || $0.isNumber || ".-".contains($0) }) else {
            throw ValidationError("--site must be an API site parameter such as stackoverflow")
        }
    }

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            FileHandle.standardError.write(Data("stackterm: needs a terminal (stdin and stdout must be a TTY); try `stackterm --help`.\n".utf8))
            throw ExitCode(2)
        }
        let key = apiKey ?? ProcessInfo.processInfo.environment["STACKTERM_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let tags = (tagged ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let configuration = RuntimeConfiguration(
            settings: BrowseSettings(site: site, sort: sort, tagged: tags, pageSize: pageSize, hasAPIKey: key != nil),
            baseURL: URL(string: apiBaseURL)!,
            apiKey: key
        )
        MainActor.assumeIsolated {
            AppRunner.run(configuration)
        }
    }
}
