import Foundation

/// A site of the network (`/sites`, `info.site`, `migrated_from.other_site`).
public struct Site: Codable, Hashable, Sendable, Identifiable {
    public var id: String { apiSiteParameter }
    /// The site's name, entity-decoded, e.g. `Stack Overflow`.
    public var name: String
    /// The value for the `site=` parameter, e.g. `stackoverflow`.
    public var apiSiteParameter: String
    /// The site's URL, e.g. `https://stackoverflow.com`.
    public var siteURL: String
    /// `main_site` or `meta_site`.
    public var siteType: String?
    /// Who the site is for, entity-decoded.
    public var audience: String?
    /// `normal`, `closed_beta`, `open_beta` or `linked_meta`.
    public var siteState: String?
    public var logoURL: String?
    public var iconURL: String?
    public var faviconURL: String?
    public var highResolutionIconURL: String?
    public var launchDate: Date?
    /// When the public beta opened.
    public var openBetaDate: Date?
    /// When the private beta began.
    public var closedBetaDate: Date?
    /// Other URLs of the site.
    public var aliases: [String]?
    /// Markdown extensions the site enables (e.g. `MathJax`, `Prettify`).
    public var markdownExtensions: [String]?
    public var styling: SiteStyling?
    /// Meta and chat sites belonging to it.
    public var relatedSites: [RelatedSite]?
    public var twitterAccount: String?

    public init(
        name: String, apiSiteParameter: String, siteURL: String, siteType: String? = nil, audience: String? = nil,
        siteState: String? = nil, logoURL: String? = nil, iconURL: String? = nil, faviconURL: String? = nil,
        highResolutionIconURL: String? = nil, launchDate: Date? = nil, openBetaDate: Date? = nil,
        closedBetaDate: Date? = nil, aliases: [String]? = nil, markdownExtensions: [String]? = nil,
        styling: SiteStyling? = nil, relatedSites: [RelatedSite]? = nil, twitterAccount: String? = nil
    ) {
        self.name = name
        self.apiSiteParameter = apiSiteParameter
        self.siteURL = siteURL
        self.siteType = siteType
        self.audience = audience
        self.siteState = siteState
        self.logoURL = logoURL
        self.iconURL = iconURL
        self.faviconURL = faviconURL
        self.highResolutionIconURL = highResolutionIconURL
        self.launchDate = launchDate
        self.openBetaDate = openBetaDate
        self.closedBetaDate = closedBetaDate
        self.aliases = aliases
        self.markdownExtensions = markdownExtensions
        self.styling = styling
        self.relatedSites = relatedSites
        self.twitterAccount = twitterAccount
    }

    enum CodingKeys: String, CodingKey {
        case name, apiSiteParameter = "api_site_parameter", siteURL = "site_url", siteType = "site_type"
        case audience, siteState = "site_state", logoURL = "logo_url", iconURL = "icon_url"
        case faviconURL = "favicon_url", highResolutionIconURL = "high_resolution_icon_url"
        case launchDate = "launch_date", openBetaDate = "open_beta_date", closedBetaDate = "closed_beta_date"
        case aliases, markdownExtensions = "markdown_extensions", styling, relatedSites = "related_sites"
        case twitterAccount = "twitter_account"
    }

    /// Decodes the API's JSON: unix-second dates (nil when implausible), name and audience entity-decoded once.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeEscaped(forKey: .name)
        apiSiteParameter = try c.decode(String.self, forKey: .apiSiteParameter)
        siteURL = try c.decode(String.self, forKey: .siteURL)
        siteType = try c.decodeIfPresent(String.self, forKey: .siteType)
        audience = try c.decodeEscapedIfPresent(forKey: .audience)
        siteState = try c.decodeIfPresent(String.self, forKey: .siteState)
        logoURL = try c.decodeIfPresent(String.self, forKey: .logoURL)
        iconURL = try c.decodeIfPresent(String.self, forKey: .iconURL)
        faviconURL = try c.decodeIfPresent(String.self, forKey: .faviconURL)
        highResolutionIconURL = try c.decodeIfPresent(String.self, forKey: .highResolutionIconURL)
        launchDate = try c.decodeUnixDateIfPresent(forKey: .launchDate)
        openBetaDate = try c.decodeUnixDateIfPresent(forKey: .openBetaDate)
        closedBetaDate = try c.decodeUnixDateIfPresent(forKey: .closedBetaDate)
        aliases = try c.decodeIfPresent([String].self, forKey: .aliases)
        markdownExtensions = try c.decodeIfPresent([String].self, forKey: .markdownExtensions)
        styling = try c.decodeIfPresent(SiteStyling.self, forKey: .styling)
        relatedSites = try c.decodeIfPresent([RelatedSite].self, forKey: .relatedSites)
        twitterAccount = try c.decodeIfPresent(String.self, forKey: .twitterAccount)
    }

    /// Encodes the API's JSON: unix-second dates, name and audience escaped again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeEscaped(name, forKey: .name)
        try c.encode(apiSiteParameter, forKey: .apiSiteParameter)
        try c.encode(siteURL, forKey: .siteURL)
        try c.encodeIfPresent(siteType, forKey: .siteType)
        try c.encodeEscapedIfPresent(audience, forKey: .audience)
        try c.encodeIfPresent(siteState, forKey: .siteState)
        try c.encodeIfPresent(logoURL, forKey: .logoURL)
        try c.encodeIfPresent(iconURL, forKey: .iconURL)
        try c.encodeIfPresent(faviconURL, forKey: .faviconURL)
        try c.encodeIfPresent(highResolutionIconURL, forKey: .highResolutionIconURL)
        try c.encodeUnixDateIfPresent(launchDate, forKey: .launchDate)
        try c.encodeUnixDateIfPresent(openBetaDate, forKey: .openBetaDate)
        try c.encodeUnixDateIfPresent(closedBetaDate, forKey: .closedBetaDate)
        try c.encodeIfPresent(aliases, forKey: .aliases)
        try c.encodeIfPresent(markdownExtensions, forKey: .markdownExtensions)
        try c.encodeIfPresent(styling, forKey: .styling)
        try c.encodeIfPresent(relatedSites, forKey: .relatedSites)
        try c.encodeIfPresent(twitterAccount, forKey: .twitterAccount)
    }
}
