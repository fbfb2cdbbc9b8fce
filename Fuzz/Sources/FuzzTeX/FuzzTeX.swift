import FuzzSupport
import TeXMath

/// A text run through `MathSpans.split` with one of four delimiter styles, the post's macros collected from the
/// spans found, then every span rendered inline and in display, in Unicode or ASCII.
/// Byte 0: bits 0-1 the delimiters (standard, Electrical Engineering's, dollars only, no escapes or
/// environments), bit 2 ASCII, bits 3-7 the display width (8 + 4 × value: 8–132 columns); rest = the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTeX(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private let styles: [MathDelimiters] = [
    .standard,
    .electronics,
    MathDelimiters(inline: [.init("$", "$")], display: [.init("$$", "$$")], processEscapes: true, processEnvironments: false),
    MathDelimiters(inline: [.init("$", "$"), .init("\\(", "\\)")], display: [.init("\\[", "\\]")], processEscapes: false,
                   processEnvironments: true),
]

private func run(_ first: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: rest, as: UTF8.self)
    let width = 8 + 4 * Int(first >> 3)
    let segments = MathSpans.split(text, styles[Int(first & 3)])
    var spans: [String] = []
    for segment in segments {
        switch segment {
        case .text(let plain): require(!plain.isEmpty, "an empty text segment")
        case .inline(let tex), .display(let tex): spans.append(tex)
        }
    }
    let renderer = MathRenderer(style: first & 4 == 0 ? .unicode : .ascii, macros: MacroTable(collectingFrom: spans))
    for tex in spans {
        if case .rendered(let lines) = renderer.inline(tex) {
            require(lines.count == 1, "inline math on \(lines.count) lines")
            require(!lines[0].contains("\n"), "a newline in inline math")
        }
        if case .rendered(let lines) = renderer.display(tex, maxWidth: width) {
            require(lines.count <= 120, "a display of \(lines.count) lines")
            if lines.count > 1 {
                for line in lines { require(TextColumns.width(line) <= width, "a display line wider than \(width)") }
            }
        }
    }
}
