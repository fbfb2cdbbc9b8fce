import Foundation

/// The slug Stack Exchange writes after a question's id in its `link` (`/questions/ID/SLUG`), made from the title as
/// the sites make it: ASCII letters and digits kept (lower case), a space or one of `,./\-_=` becomes one `-`, letters
/// with diacritics lose them, anything else (apostrophes, quotes, `?`, `(`…) is dropped; at most 80 characters, no
/// dash at either end. So "What's the difference?" is `whats-the-difference`, as the API's links show.
///
/// The store makes the links of posts a dump brought (a dump has none) with it, and the API double its `link`s, so
/// both write the link the API would.
public enum QuestionSlug {
    /// The longest slug the sites write.
    public static let maxLength = 80

    /// The slug of `title` (plain text, entities decoded); "question" when nothing of it can be kept.
    public static func make(_ title: String) -> String {
        var slug = ""
        var dashPending = false
        for character in title {
            if slug.count >= maxLength { break }
            if separators.contains(character) {
                dashPending = !slug.isEmpty
                continue
            }
            let kept = keptCharacters(character)
            guard !kept.isEmpty else { continue }
            if dashPending { slug += "-" }
            dashPending = false
            slug += kept
        }
        if slug.count > maxLength { slug = String(slug.prefix(maxLength)) }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "question" : slug
    }

    /// The characters that become a dash.
    private static let separators: Set<Character> = [" ", ",", ".", "/", "\\", "-", "_", "="]

    /// `character` in lower case as ASCII letters and digits: itself, its letter without diacritics, or nothing.
    private static func keptCharacters(_ character: Character) -> String {
        if character.isASCII {
            guard let ascii = character.asciiValue, character.isLetter || character.isNumber else { return "" }
            return String(UnicodeScalar(ascii)).lowercased()
        }
        guard character.isLetter else { return "" }
        let folded = String(character).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return String(folded.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
