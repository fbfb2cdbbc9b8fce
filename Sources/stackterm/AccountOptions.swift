import AppConfig
import ArgumentParser
import Foundation
import StackAPI

/// The options `login`, `logout` and `whoami` share: the site `/me` is asked on, and which API, key and config file.
struct AccountOptions: ParsableArguments {
    @Option(help: "The site whose user /me names (default: the config's site, else stackoverflow).")
    var site: String?

    @OptionGroup var server: ServerOptions

    func validate() throws {
        if let site, !SettingRules.isValidSite(site) {
            throw ValidationError("--site must be an API site parameter such as stackoverflow")
        }
    }

    /// `name`'s value: this group's, else the one the root command took (it declares `--site`, `--config`,
    /// `--api-base-url` and `--api-key` too, and takes them even after the subcommand's name).
    private func given(_ value: String?, _ name: String) -> String? {
        value ?? HelpText.optionValue(name, in: CommandLine.arguments)
    }

    /// The config file as loaded and the settings in force; `change` adds the subcommand's own flags.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment,
                 _ change: (inout CommandLineSettings) -> Void = { _ in }) -> (LoadedConfig, EffectiveSettings) {
        let loaded = ConfigLoader.load(explicitPath: given(server.config, "--config"), environment: environment)
        if let message = loaded.startupMessage { StacktermCommand.warn(message) }
        var commandLine = CommandLineSettings(
            site: given(site, "--site"), apiKey: given(server.apiKey, "--api-key"),
            apiBaseURL: given(server.apiBaseURL, "--api-base-url").flatMap(SettingRules.baseURL))
        change(&commandLine)
        return (loaded, EffectiveSettings(commandLine: commandLine, environment: environment, config: loaded.config))
    }
}
