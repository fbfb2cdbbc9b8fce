/// What `stackterm login` prints when no application is configured: how to register a Stack Apps application and
/// where its two values go.
///
/// The settings follow the config's existing API key: `client_id` beside `api_key` at the top level of
/// `config.toml`, `--client-id` beside `--api-key`, `STACKTERM_CLIENT_ID` beside `STACKTERM_API_KEY`.
public enum AppRegistrationHelp {
    /// Where a Stack Apps application is registered.
    public static let registrationURL = "https://stackapps.com/apps/oauth/register"
    /// The application's OAuth domain: the desktop redirect's host.
    public static let oauthDomain = "stackexchange.com"

    /// One setting's three names.
    public struct SettingNames: Sendable, Equatable {
        /// The top-level key in `config.toml`.
        public let key: String
        /// The command-line flag.
        public let flag: String
        /// The environment variable.
        public let variable: String
    }

    /// The application's Client Id.
    public static let clientIDSetting = SettingNames(key: "client_id", flag: "--client-id", variable: "STACKTERM_CLIENT_ID")
    /// The application's Key: the existing API key setting.
    public static let keySetting = SettingNames(key: "api_key", flag: "--api-key", variable: "STACKTERM_API_KEY")

    /// The help, one terminal line each (at most 100 columns); `configPath` is the config file as it should be shown,
    /// `hasKey` whether an API key is already set (it must then be this same application's Key).
    public static func lines(configPath: String, hasKey: Bool = false) -> [String] {
        let client = clientIDSetting, key = keySetting
        let keyNote = hasKey
            ? "     Your \(key.key) is already set: it must be this same application's Key."
            : "     The Key also raises the daily API quota from 300 to 10,000 requests."
        return [
            "Logging in needs a Stack Apps application of your own (free, a minute to register):",
            "  1. Register one at \(registrationURL)",
            "     (any name and description; OAuth Domain: \(oauthDomain); Application Website: any address).",
            "  2. Tick \"Enable Client Side OAuth Flow\" and leave \"Disable Desktop Application OAuth",
            "     Redirect Uri\" unticked: stackterm logs in as a desktop program.",
            "  3. Put the application's Client Id and Key at the top of \(configPath)",
            "     (above any [table]):",
            "       \(client.key) = \"12345\"",
            "       \(key.key) = \"the application's Key\"",
            "     or pass \(client.flag) and \(key.flag), or set \(client.variable) and \(key.variable).",
            keyNote,
            "Then run stackterm login again. Everything else works without logging in.",
        ]
    }

    /// `lines` joined with line breaks, ending with one.
    public static func text(configPath: String, hasKey: Bool = false) -> String {
        lines(configPath: configPath, hasKey: hasKey).joined(separator: "\n") + "\n"
    }
}
