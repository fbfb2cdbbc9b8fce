import FuzzSupport
import StackStore

/// Body HTML → the words the full-text index is given (`IndexText.body(ofHTML:)`: a strip with `memchr` and a copy
/// of each word into an uninitialised string). The input is the body, decoded as UTF-8 with replacement. Checks
/// they are the words of the text the screen shows (`HTMLText.text(ofHTML:)`), each once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndexText(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count) { input in
        let html = String(decoding: input, as: UTF8.self)
        let words = IndexText.body(ofHTML: html)
        let shown = IndexText.distinctWords(HTMLText.text(ofHTML: html))
        require(words == shown, "index words \(words.debugDescription) differ from the shown text's \(shown.debugDescription)")
    }
}
