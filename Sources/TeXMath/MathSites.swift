/// The Stack Exchange sites that turn MathJax on, by API site parameter (`math`, `mathoverflow.net`,
/// `quantumcomputing`; their meta sites as `math.meta` …), for dumps and offline use. The API's site object
/// says it too: `markdown_extensions` contains `"MathJax"`.
public enum MathSites {
    /// The delimiters of `site` (an API site parameter or a host name), or nil when it does not use MathJax.
    public static func delimiters(forSite site: String) -> MathDelimiters? {
        let key = normalized(site)
        if key == "electronics" || key == "electronics.meta" { return .electronics }
        return sites.contains(key) ? .standard : nil
    }

    /// The API site parameters of the MathJax sites in the table (main sites only).
    public static let all: [String] = [
        "math", "mathoverflow.net", "physics", "stats", "cstheory", "cs", "quantumcomputing", "chemistry",
        "economics", "dsp", "crypto", "quant", "ai", "datascience", "astronomy", "engineering", "matheducators",
        "hsm", "scicomp", "or", "electronics", "mattermodeling",
    ]

    private static let sites: Set<String> = {
        var set = Set(all)
        for site in all where site != "mathoverflow.net" { set.insert(site + ".meta") }
        set.formUnion(["meta.mathoverflow.net", "meta.mathoverflow"])
        return set
    }()

    /// `https://math.stackexchange.com/` → `math`; `physics.meta.stackexchange.com` → `physics.meta`.
    static func normalized(_ site: String) -> String {
        var key = site.lowercased()
        for prefix in ["https://", "http://"] where key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
        while key.hasSuffix("/") { key.removeLast() }
        if key.hasPrefix("www.") { key.removeFirst(4) }
        if key.hasSuffix(".stackexchange.com") { key.removeLast(".stackexchange.com".count) }
        if key == "mathoverflow" { key = "mathoverflow.net" }
        return key
    }
}
