/// An HTML element the tokenizer recognises: every HTML element name, so `<socket: 11>` or `List<T>` stay text
/// while any real tag, even one the renderer has no rule for, is recognised (its text content is kept).
/// Tag names are interned into this enum once, so the renderer switches on small integers, not strings.
enum HTMLElement: String, CaseIterable {
    case a, abbr, acronym, address, area, article, aside, audio, b, base, bdi, bdo
    case big, blink, blockquote, body, br, button, canvas, caption, center, cite, code
    case col, colgroup, data, datalist, dd, del, details, dfn, dialog, dir, div, dl
    case dt, em, embed, fieldset, figcaption, figure, font, footer, form, frame
    case frameset, h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html, i
    case iframe, img, input, ins, kbd, label, legend, li, link, main, map, mark
    case marquee, menu, meta, meter, nav, nobr, noembed, noframes, noscript, object, ol
    case optgroup, option, output, p, param, picture, pre, progress, q, rp, rt, ruby
    case s, samp, script, search, section, select, slot, small, source, span, strike
    case strong, style, sub, summary, sup, svg, table, tbody, td, template, textarea
    case tfoot, th, thead, time, title, tr, track, tt, u, ul, `var`, video, wbr

    /// The element a tag name (ASCII letters and digits, any case) names, or nil when it names none.
    static func named(_ bytes: ArraySlice<UInt8>) -> HTMLElement? {
        guard let key = PackedName(bytes) else { return nil }
        // Binary search: about seven comparisons of two words, no hashing.
        var low = 0
        var high = sortedByPackedName.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = sortedByPackedName[middle]
            if candidate.name == key { return candidate.element }
            if candidate.name < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Up to 16 bytes of a tag name, lower-cased, packed into two words: a cheap key to compare.
    private struct PackedName: Comparable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        /// Nil for a name longer than 16 bytes (no element name is).
        init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            guard bytes.count <= 16 else { return nil }
            for (offset, byte) in bytes.enumerated() {
                // Letters fold to lower case; digits already have the 0x20 bit set.
                let folded = UInt64(byte | 0x20)
                if offset < 8 { low |= folded << (8 * offset) } else { high |= folded << (8 * (offset - 8)) }
            }
        }

        static func < (left: PackedName, right: PackedName) -> Bool {
            (left.high, left.low) < (right.high, right.low)
        }
    }

    private static let sortedByPackedName: [(name: PackedName, element: HTMLElement)] =
        allCases.compactMap { element in PackedName(element.rawValue.utf8).map { ($0, element) } }.sorted { $0.name < $1.name }

    /// True for elements whose content is never shown.
    var isHidden: Bool {
        switch self {
        case .script, .style, .template, .title, .head: true
        default: false
        }
    }

    /// True for elements that end the current paragraph and start a new block.
    var isBlock: Bool {
        switch self {
        case .address, .article, .aside, .center, .details, .dialog, .dir, .div, .dl, .dt, .dd,
             .fieldset, .figcaption, .figure, .footer, .form, .header, .hgroup, .main, .menu, .nav,
             .p, .section, .summary, .legend:
            true
        default: false
        }
    }

    /// 1–6 for `h1`–`h6`, nil for every other element.
    var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }
}
