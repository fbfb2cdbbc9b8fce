import AppCore
import Foundation

/// What the command line decided: what to browse, which API host, which key.
public struct RuntimeConfiguration: Sendable {
    public var settings: BrowseSettings
    public var baseURL: URL
    /// The API key; never printed or logged.
    public var apiKey: String?
    /// The effective key bindings (defaults, or remapped by the config file).
    public var keymap: Keymap
    /// A message for the status line at start, e.g. why the config file was ignored.
    public var startupMessage: String?

    public init(settings: BrowseSettings, baseURL: URL, apiKey: String?, keymap: Keymap = .standard, startupMessage: String? = nil) {
        self.settings = settings
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.keymap = keymap
        self.startupMessage = startupMessage
    }
}
