/// An inline formula where a layout put it: the rows of its paragraph, what it shows there, and its TeX as written
/// (delimiters included: what `Y` copies). The body renderer makes them and the question view's measure keeps them.
public struct FormulaPlacement: Hashable, Sendable {
    /// The rows of the paragraph that holds it.
    public var rows: Range<Int>
    /// The formula as typeset on its row.
    public var shown: String
    /// Its TeX as written.
    public var text: String

    /// A formula at `rows`, showing `shown`, written as `text`.
    public init(rows: Range<Int>, shown: String, text: String) {
        self.rows = rows
        self.shown = shown
        self.text = text
    }
}
