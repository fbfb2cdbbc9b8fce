import Foundation
import TeXMath

/// An item of `/sites`: one per dump folder.
struct SiteItem: Encodable {
    var siteType: String
    var name: String
    var logoUrl: String
    var apiSiteParameter: String
    var siteUrl: String
    var audience: String
    var iconUrl: String
    var siteState: String
    var launchDate: UnixTime?
    var highResolutionIconUrl: String
    var faviconUrl: String
    /// `["MathJax"]` on the sites that typeset TeX (as the API says it), absent elsewhere.
    var markdownExtensions: [String]?
}

/// The `/sites` route: every dump folder as a site, described from its name alone (nothing is loaded).
struct SiteList {
    let catalog: SiteCatalog

    func page(_ parameters: QueryParameters) throws -> RouteResult {
        let items = catalog.names.map(Self.item)
        let page = Page(items, page: try parameters.page(), size: try parameters.pageSize())
        return RouteResult(items: page.items, hasMore: page.hasMore)
    }

    /// Sites on their own domain rather than under stackexchange.com.
    private static let ownDomains: Set = ["stackoverflow", "superuser", "serverfault", "askubuntu"]

    /// The site object of `name` (also for sites not served, as the inbox names them).
    static func item(_ name: String) -> SiteItem {
        let host = ownDomains.contains(name) ? "\(name).com" : "\(name).stackexchange.com"
        let isMeta = name.hasSuffix(".meta")
        let base = isMeta ? String(name.dropLast(5)) : name
        let title = base.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let cdn = "https://cdn.sstatic.net/Sites/\(name)"
        return SiteItem(
            siteType: isMeta ? "meta_site" : "main_site",
            name: isMeta ? "\(title) Meta" : title,
            logoUrl: "\(cdn)/Img/logo.png",
            apiSiteParameter: name,
            siteUrl: "https://\(host)",
            audience: "people interested in \(base)",
            iconUrl: "\(cdn)/Img/apple-touch-icon.png",
            siteState: "normal",
            launchDate: nil,
            highResolutionIconUrl: "\(cdn)/Img/apple-touch-icon@2.png",
            faviconUrl: "\(cdn)/Img/favicon.ico",
            markdownExtensions: MathSites.delimiters(forSite: name) == nil ? nil : ["MathJax", "Prettify"])
    }
}

/// The single item of `/info`, computed from the dump.
struct SiteInfo: Encodable {
    var totalQuestions: Int
    var totalUnanswered: Int
    var totalAccepted: Int
    var totalAnswers: Int
    var questionsPerMinute: Double
    var answersPerMinute: Double
    var totalComments: Int
    var totalVotes: Int
    var totalBadges: Int
    var badgesPerMinute: Double
    var totalUsers: Int
    var newActiveUsers: Int
    var apiRevision: String

    init(site: SiteData) {
        let minutes = max(1, site.newestDate.timeIntervalSince(site.oldestDate) / 60)
        totalQuestions = site.questions.count
        totalUnanswered = site.questions.filter { !site.isAnswered($0) }.count
        totalAccepted = site.questions.filter { $0.acceptedAnswerID != nil }.count
        totalAnswers = site.answers.count
        questionsPerMinute = (Double(site.questions.count) / minutes * 100).rounded() / 100
        answersPerMinute = (Double(site.answers.count) / minutes * 100).rounded() / 100
        totalComments = site.commentCount
        totalVotes = (site.questions + site.answers).reduce(0) { $0 + abs($1.score) }
        totalBadges = 0
        badgesPerMinute = 0
        totalUsers = site.users.count
        newActiveUsers = 0
        apiRevision = "stackexchange-double"
    }
}
