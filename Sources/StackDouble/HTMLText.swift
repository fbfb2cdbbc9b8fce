import Foundation

/// Text helpers matching what the API does to titles, names and links.
enum HTMLText {
    /// Escapes like the API's safe filters: `&` `<` `>` `"` `'` → `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A URL slug like the site's: lowercase letters and digits joined by `-`, at most 80 characters.
    static func slug(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= 80 { break }
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "question" : slug
    }

    /// The visible text of an HTML body, lowercased, for search: tags dropped, common entities decoded.
    static func searchableText(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; continue }
            if character == ">" { inTag = false; text.append(" "); continue }
            if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&").lowercased()
    }

    /// The licence of a post: its dump attribute, else by date as Stack Exchange assigns it.
    static func license(_ explicit: String?, created: Date) -> String {
        if let explicit { return explicit }
        if created < Date(timeIntervalSince1970: 1_302_220_800) { return "CC BY-SA 2.5" } // 2011-04-08
        if created < Date(timeIntervalSince1970: 1_525_219_200) { return "CC BY-SA 3.0" } // 2018-05-02
        return "CC BY-SA 4.0"
    }
}
