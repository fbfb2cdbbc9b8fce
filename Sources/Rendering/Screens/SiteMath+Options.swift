import AppCore
import TeXMath
import TextEngine

extension SiteMath {
    /// The text engine's math options for this site, or nil when it shows no math (every `$` is text).
    public var options: MathOptions? {
        MathOptions.forSite(site, siteSaysMathJax: siteSaysMathJax, style: notation == .ascii ? .ascii : .unicode,
                            showsSource: showsSource)
    }
}
