/// The host a site's pages live on, from its API site parameter alone (no request, no stored site list).
public enum SiteHost {
    /// Sites whose host is not `SITE.stackexchange.com`.
    private static let ownDomains: [String: String] = [
        "stackoverflow": "stackoverflow.com", "serverfault": "serverfault.com", "superuser": "superuser.com",
        "askubuntu": "askubuntu.com", "mathoverflow": "mathoverflow.net", "stackapps": "stackapps.com",
    ]

    /// The host of an API site parameter: `stackoverflow` → `stackoverflow.com`, `cardano` → `cardano.stackexchange.com`,
    /// `conlang.meta` → `conlang.meta.stackexchange.com`, `meta.stackoverflow` → `meta.stackoverflow.com`; a parameter
    /// that is already a host (`mathoverflow.net`) as it is.
    public static func host(for site: String) -> String {
        if let host = ownDomains[site] { return host }
        if site.hasPrefix("meta."), let host = ownDomains[String(site.dropFirst(5))] { return "meta." + host }
        if site.contains(".") && !site.hasSuffix(".meta") { return site }
        if site.hasSuffix(".meta") { return "\(site.dropLast(5)).meta.stackexchange.com" }
        return "\(site).stackexchange.com"
    }
}
