import Foundation
import GRDB
import StackAPI

/// Where a site's posts live on the web, for the links of posts the store holds without one (a dump has no links):
/// `BASE/q/ID` and `BASE/a/ID`, as the API's `share_link` writes them.
///
/// The base is the site's `site_url` when the stored sites list gives one, else `https://` and `SiteHost`'s rule.
struct SiteLinkBase: Hashable {
    /// `https://HOST`, without a trailing slash.
    let base: String

    /// The base of the site `apiName`, preferring its stored `siteURL` when that is an http(s) URL.
    init(apiName: String, siteURL: String?) {
        var url = siteURL?.trimmingCharacters(in: .whitespaces) ?? ""
        while url.hasSuffix("/") { url.removeLast() }
        let isWeb = url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://")
        base = isWeb && url.count > "https://".count ? url : "https://" + SiteHost.host(for: apiName)
    }

    /// The base of the site named in a row's `site_api` and `site_url` columns.
    init(_ row: Row) {
        self.init(apiName: row["site_api"] ?? "", siteURL: row["site_url"])
    }

    /// `BASE/q/ID`.
    func question(_ id: Int) -> String { "\(base)/q/\(id)" }

    /// `BASE/a/ID`.
    func answer(_ id: Int) -> String { "\(base)/a/\(id)" }
}
