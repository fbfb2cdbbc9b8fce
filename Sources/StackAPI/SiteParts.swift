/// A site's colours (`styling`).
public struct SiteStyling: Codable, Hashable, Sendable {
    /// Link colour, e.g. `#0077CC`.
    public var linkColor: String?
    public var tagForegroundColor: String?
    public var tagBackgroundColor: String?

    public init(linkColor: String? = nil, tagForegroundColor: String? = nil, tagBackgroundColor: String? = nil) {
        self.linkColor = linkColor
        self.tagForegroundColor = tagForegroundColor
        self.tagBackgroundColor = tagBackgroundColor
    }

    enum CodingKeys: String, CodingKey {
        case linkColor = "link_color", tagForegroundColor = "tag_foreground_color"
        case tagBackgroundColor = "tag_background_color"
    }
}

/// A meta or chat site belonging to a site (`related_site`).
public struct RelatedSite: Codable, Hashable, Sendable {
    /// The related site's name, entity-decoded.
    public var name: String
    public var siteURL: String
    /// `parent`, `meta` or `chat`.
    public var relation: String?
    /// Its `site=` value; absent for chat.
    public var apiSiteParameter: String?

    public init(name: String, siteURL: String, relation: String? = nil, apiSiteParameter: String? = nil) {
        self.name = name
        self.siteURL = siteURL
        self.relation = relation
        self.apiSiteParameter = apiSiteParameter
    }

    enum CodingKeys: String, CodingKey {
        case name, siteURL = "site_url", relation, apiSiteParameter = "api_site_parameter"
    }

    /// Decodes the API's JSON, entity-decoding the name once.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeEscaped(forKey: .name)
        siteURL = try c.decode(String.self, forKey: .siteURL)
        relation = try c.decodeIfPresent(String.self, forKey: .relation)
        apiSiteParameter = try c.decodeIfPresent(String.self, forKey: .apiSiteParameter)
    }

    /// Encodes the API's JSON, escaping the name again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeEscaped(name, forKey: .name)
        try c.encode(siteURL, forKey: .siteURL)
        try c.encodeIfPresent(relation, forKey: .relation)
        try c.encodeIfPresent(apiSiteParameter, forKey: .apiSiteParameter)
    }
}
