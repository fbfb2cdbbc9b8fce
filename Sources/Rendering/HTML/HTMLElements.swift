/// What the renderer knows about element names. A `<` that does not start one of these is text.
enum HTMLElements {
    /// Every HTML element name (lower case), so `<socket: 11>` or `List<T>` stay text while any real tag,
    /// even one the renderer has no rule for, is recognised (its text content is kept).
    static let known: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
        "big", "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code",
        "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl",
        "dt", "em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
        "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark",
        "marquee", "menu", "meta", "meter", "nav", "nobr", "noembed", "noframes", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby",
        "s", "samp", "script", "search", "section", "select", "slot", "small", "source", "span", "strike",
        "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea",
        "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]

    /// Elements whose content is never shown.
    static let hidden: Set<String> = ["script", "style", "template", "title", "head"]

    /// Elements that have no content and no end tag.
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr",
    ]

    /// Elements that end the current paragraph and start a new block.
    static let block: Set<String> = [
        "address", "article", "aside", "center", "details", "dialog", "dir", "div", "dl", "dt", "dd",
        "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "main", "menu", "nav",
        "p", "section", "summary", "legend",
    ]
}
