import TeXMath

/// How formulas of MathJax sites are shown (the config's `math` setting).
public enum MathNotation: String, CaseIterable, Hashable, Sendable {
    /// Typeset with Unicode symbols, scripts and box pieces (the default).
    case unicode
    /// Typeset with ASCII only, for terminals without the glyphs.
    case ascii
    /// The TeX as written.
    case source
}

/// Everything that decides how the current site's math is shown: the site, what its API site object said about
/// MathJax (nil: not known, the built-in table decides), the setting and whether the reader asked for the source.
public struct SiteMath: Hashable, Sendable {
    /// The site (API parameter).
    public var site: String
    /// True when the API's site object lists `MathJax` in `markdown_extensions`, false when it lists others; nil: unknown.
    public var siteSaysMathJax: Bool?
    /// The `math` setting.
    public var notation: MathNotation
    /// True while the reader shows formulas as TeX source (the `$` key; starts true when the setting is `source`).
    public var showsSource: Bool

    /// Whether the site typesets math at all.
    public var siteHasMath: Bool {
        siteSaysMathJax ?? (MathSites.delimiters(forSite: site) != nil)
    }

    /// The math options for this site, or nil when it shows no math (every `$` is text).
    public var options: MathOptions? {
        MathOptions.forSite(site, siteSaysMathJax: siteSaysMathJax, style: notation == .ascii ? .ascii : .unicode,
                            showsSource: showsSource)
    }
}

extension SharedState {
    /// How the current site's math is shown.
    public var siteMath: SiteMath {
        SiteMath(site: site, siteSaysMathJax: sitesWithMathJax[site], notation: mathNotation, showsSource: showsMathSource)
    }
}

extension AppState {
    /// How the current site's math is shown.
    public var siteMath: SiteMath { shared.siteMath }
}

extension Reducer {
    /// `$`: formulas as TeX source, or rendered again; on a site without math, says so.
    static func toggleMathSource(_ state: inout AppState) -> [Effect] {
        let key = state.shared.keyName(.toggleMathSource)
        guard state.siteMath.siteHasMath else {
            state.shared.setStatus("\(state.shared.site) has no math to show as TeX: its dollars are text (\(key) works on "
                                   + "MathJax sites)", isError: false)
            return []
        }
        state.shared.showsMathSource.toggle()
        state.shared.setStatus(state.shared.showsMathSource ? "Math shown as TeX source (\(key) renders it)"
                                                            : "Math rendered (\(key) shows the TeX source)", isError: false)
        return []
    }
}
