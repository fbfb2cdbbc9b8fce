import AppConfig
import AppCore
import FuzzSupport
import Rendering

/// Config text (TOML) through `ConfigParser.parse`, then everything the app derives from a parsed file:
/// the remapped keymap, the colour theme and the effective settings. A `ConfigError` is a fine answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    SlowestInput.measure(bytes, count) { run(bytes, count) }
    return 0
}

private func run(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count), as: UTF8.self)
    do {
        let config = try ConfigParser.parse(text, file: "fuzz.toml")
        _ = config.keymap()
        _ = config.theme
        _ = EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: config)
    } catch {
        _ = error.description
    }
}
