/// How the math of a MathJax site's posts is shown: the site's delimiters, the glyphs, or the TeX source.
public struct MathOptions: Equatable, Sendable {
    /// Which text is math (the site's MathJax delimiters).
    public var delimiters: MathDelimiters
    /// The glyphs a rendering uses (Unicode, or ASCII for terminals without them).
    public var style: MathStyle
    /// True to show each formula's TeX as written (in the math colour) instead of rendering it.
    public var showsSource: Bool

    /// Options with the given delimiters, glyphs and source switch.
    public init(delimiters: MathDelimiters, style: MathStyle = .unicode, showsSource: Bool = false) {
        self.delimiters = delimiters
        self.style = style
        self.showsSource = showsSource
    }

    /// The options for `site` (an API site parameter or host), or nil when it does not use MathJax: `siteSaysMathJax`
    /// is what the API's site object says (`markdown_extensions` holds `MathJax`); nil asks the built-in table.
    public static func forSite(_ site: String, siteSaysMathJax: Bool? = nil, style: MathStyle = .unicode,
                               showsSource: Bool = false) -> MathOptions? {
        let table = MathSites.delimiters(forSite: site)
        let delimiters: MathDelimiters?
        switch siteSaysMathJax {
        case .some(false): delimiters = nil
        case .some(true): delimiters = table ?? .standard
        case nil: delimiters = table
        }
        return delimiters.map { MathOptions(delimiters: $0, style: style, showsSource: showsSource) }
    }

    /// The formula as written, delimiters put back (`$…$`, `$$…$$`; Electrical Engineering's `\$…\$`; an environment
    /// as it stands).
    public func source(of tex: String, display: Bool) -> String {
        if display {
            return tex.hasPrefix("\\begin{") ? tex : "$$" + tex + "$$"
        }
        let pair = delimiters.inline.first ?? MathDelimiters.Pair("$", "$")
        return pair.open + tex + pair.close
    }
}
