/// Writes property lists as XML in the layout Xcode and `plutil` produce: XML declaration,
/// Apple's DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs, empty
/// containers as `<array/>` and `<dict/>`, and `<data>` as base64 lines.
package enum XMLPropertyListWriter {
    /// The standard header, up to and including the `<plist version="1.0">` line.
    package static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The whole document for `value`, ending with a newline.
    package static func write(_ value: PropertyListValue) -> [UInt8] {
        var output = Array(header.utf8)
        append(value, indent: 0, to: &output)
        output.append(contentsOf: Array("</plist>\n".utf8))
        return output
    }

    /// `text` with `&`, `<` and `>` escaped, as CoreFoundation escapes element text.
    package static func escape(_ text: String) -> String {
        var needsEscape = false
        for byte in text.utf8 where byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
            needsEscape = true
            break
        }
        guard needsEscape else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    // Recursion depth equals the value's nesting, which every reader limits to
    // `propertyListMaximumDepth`.
    static func append(_ value: PropertyListValue, indent: Int, to output: inout [UInt8]) {
        let tabs = [UInt8](repeating: 0x09, count: indent)
        func line(_ text: String) {
            output.append(contentsOf: tabs)
            output.append(contentsOf: Array(text.utf8))
            output.append(0x0A)
        }
        switch value {
        case .string(let text): line("<string>\(escape(text))</string>")
        case .integer(let text): line("<integer>\(escape(text))</integer>")
        case .real(let text): line("<real>\(escape(text))</real>")
        case .boolean(let flag): line(flag ? "<true/>" : "<false/>")
        case .date(let text): line("<date>\(escape(text))</date>")
        case .data(let data):
            line("<data>")
            // CoreFoundation shortens base64 lines by 8 columns per indent level (at most 8).
            let width = 76 - 8 * min(indent, 8)
            let encoded = Array(Base64.encode(data).utf8)
            var start = 0
            while start < encoded.count {
                let end = min(start + width, encoded.count)
                output.append(contentsOf: tabs)
                output.append(contentsOf: encoded[start..<end])
                output.append(0x0A)
                start = end
            }
            line("</data>")
        case .array(let items):
            if items.isEmpty {
                line("<array/>")
            } else {
                line("<array>")
                for item in items { append(item, indent: indent + 1, to: &output) }
                line("</array>")
            }
        case .dictionary(let entries):
            if entries.isEmpty {
                line("<dict/>")
            } else {
                line("<dict>")
                let keyTabs = [UInt8](repeating: 0x09, count: indent + 1)
                for entry in entries {
                    output.append(contentsOf: keyTabs)
                    output.append(contentsOf: Array("<key>\(escape(entry.key))</key>\n".utf8))
                    append(entry.value, indent: indent + 1, to: &output)
                }
                line("</dict>")
            }
        }
    }
}
