import AppCore
import Foundation

/// What the command line decided: what to browse, which API host, which key.
public struct RuntimeConfiguration: Sendable {
    public var settings: BrowseSettings
    public var baseURL: URL
    /// The API key; never printed or logged.
    public var apiKey: String?

    public init(settings: BrowseSettings, baseURL: URL, apiKey: String?) {
        self.settings = settings
        self.baseURL = baseURL
        self.apiKey = apiKey
    }
}
