import AppConfig
import ArgumentParser
import Foundation
import StackAPI

extension QuestionSort: ExpressibleByArgument {}

/// The options `stackterm` and `stackterm print` share: what to list, where from, and which config file.
/// Each is optional so that a flag not given leaves the config file's value (or the default) in force.
struct SharedOptions: ParsableArguments {
    @Option(help: "The site's API parameter, e.g. stackoverflow, superuser, cardano (default: stackoverflow).",
            completion: .list(KnownSites.forCompletion))
    var site: String?

    @Option(help: "Sort order of the list: \(QuestionSort.allCases.map(\.rawValue).joined(separator: ", ")) (default: activity).")
    var sort: QuestionSort?

    @Option(help: "Only questions with all these tags, separated by ';'.")
    var tagged: String?

    @Option(help: "Questions per request (1-100; default: 50, or for print the smaller of --limit and 100).")
    var pageSize: Int?

    @OptionGroup var server: ServerOptions

    func validate() throws {
        if let pageSize, !SettingRules.pageSizes.contains(pageSize) {
            throw ValidationError("--page-size must be between 1 and 100")
        }
        if let site, !SettingRules.isValidSite(site) {
            throw ValidationError("--site must be an API site parameter such as stackoverflow")
        }
    }

    /// The flags as given (nil where absent).
    var commandLine: CommandLineSettings {
        CommandLineSettings(
            site: site, sort: sort, tagged: tagged.map(SettingRules.tags), pageSize: pageSize,
            apiKey: server.apiKey, apiBaseURL: server.apiBaseURL.flatMap(SettingRules.baseURL))
    }

    /// The config file (`--config`, else the default location) as loaded, and the settings in force (the browser's
    /// `live` flags among them).
    func resolve(live: LiveOption? = nil,
                 environment: [String: String] = ProcessInfo.processInfo.environment) -> (LoadedConfig, EffectiveSettings) {
        let loaded = ConfigLoader.load(explicitPath: server.config, environment: environment)
        var commandLine = commandLine
        live?.apply(to: &commandLine)
        return (loaded, EffectiveSettings(commandLine: commandLine, environment: environment, config: loaded.config))
    }
}

/// The options that say which API and config file: shared by `SharedOptions` and the account commands'
/// `AccountOptions`.
struct ServerOptions: ParsableArguments {
    @Option(name: .customLong("api-base-url"), help: ArgumentHelp(
        "API root, e.g. http://127.0.0.1:8080/2.3 for the local double (default: https://api.stackexchange.com/2.3).",
        valueName: "url"))
    var apiBaseURL: String?

    @Option(name: .customLong("api-key"), help: ArgumentHelp(
        "API key (or STACKTERM_API_KEY, or api_key in the config file): 10,000 requests a day and pages past 25.",
        valueName: "key"))
    var apiKey: String?

    @Option(help: ArgumentHelp(
        "The config file (default: $XDG_CONFIG_HOME/stackterm/config.toml, else ~/.config/stackterm/config.toml).",
        valueName: "path"))
    var config: String?

    func validate() throws {
        if let apiBaseURL, SettingRules.baseURL(apiBaseURL) == nil {
            throw ValidationError("--api-base-url must be an http(s) URL such as https://api.stackexchange.com/2.3")
        }
        if let config, let problem = ConfigFileReader.problem(atPath: config) {
            throw ValidationError("--config \(config): \(problem)")
        }
    }
}
