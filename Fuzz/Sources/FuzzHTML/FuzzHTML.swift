import FuzzSupport
import TeXMath
import TextEngine

/// Body HTML → styled lines. The first byte picks the width (its low 7 bits: 0…127, so widths below 1 are tried
/// too) and, with its high bit, math on as on a MathJax site (TeX typeset, display formulas in two dimensions);
/// the rest is the body, decoded as UTF-8 with replacement the way the app decodes a response.
/// Checks the renderer's own promise: from width 12 up, no line is wider than the width.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private func run(_ first: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let width = Int(first & 0x7F)
    let html = String(decoding: rest, as: UTF8.self)
    let math = first & 0x80 == 0 ? nil : MathOptions.forSite("math")
    // Never cancelled, so never nil.
    guard let document = HTMLRenderer.render(html: html, width: width, styleCode: nil, math: math, isCancelled: { false }) else {
        return require(false, "an uncancelled render returned nil")
    }
    if width >= 12 {
        for line in document.lines {
            require(line.width <= width, "line of \(line.width) columns at width \(width): \(line)")
        }
    }
    require(document.bodyLineCount <= document.lines.count, "bodyLineCount past the lines")
}
