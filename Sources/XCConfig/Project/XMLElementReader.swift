import XCConfigSyntax

/// An element of the XML files Xcode keeps next to projects (`contents.xcworkspacedata`,
/// `*.xcscheme`): its name, attributes and child elements. Text content carries nothing those
/// files need and is dropped.
package struct ProjectXMLElement: Sendable, Hashable {
    package var name: String
    /// Attribute values by name, entities decoded.
    package var attributes: [String: String]
    package var children: [ProjectXMLElement]
    /// The 1-based line of the start tag.
    package var line: Int

    /// The value of attribute `name`.
    package subscript(attribute name: String) -> String? { attributes[name] }

    /// The child elements named `name`, in order.
    package func children(named name: String) -> [ProjectXMLElement] { children.filter { $0.name == name } }

    /// Every element below this one, depth first, in document order.
    package var descendants: [ProjectXMLElement] {
        var result: [ProjectXMLElement] = []
        var pending = Array(children.reversed())
        while let element = pending.popLast() {
            result.append(element)
            pending.append(contentsOf: element.children.reversed())
        }
        return result
    }
}

/// Reads an XML document into ``ProjectXMLElement`` values with the tokenizer of the XML property-list
/// reader (one XML tokenizer in the project): tags, comments, processing instructions, DOCTYPE
/// and entities are read exactly as there. Nesting is handled with an explicit stack and
/// refused past `propertyListMaximumDepth`, so hostile input cannot exhaust the call stack.
package enum XMLElementReader {
    /// The root element of `bytes`.
    ///
    /// - Throws: ``PropertyListError`` with the line and column of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> ProjectXMLElement {
        var parser = XMLPropertyListParser(bytes: bytes, recordSites: false)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.pos = 3 }
        var open: [ProjectXMLElement] = []
        var root: ProjectXMLElement?
        // Lines counted incrementally (LF, CR, CRLF), so a long file costs one pass.
        var currentLine = 1
        var counted = 0
        func line(at offset: Int) -> Int {
            while counted < offset {
                let byte = bytes[counted]
                if byte == 0x0A || (byte == 0x0D && (counted + 1 >= bytes.count || bytes[counted + 1] != 0x0A)) { currentLine += 1 }
                counted += 1
            }
            return currentLine
        }
        while true {
            if root == nil || !open.isEmpty {
                // Text between elements is skipped; outside the root only whitespace may appear.
                while parser.pos < bytes.count, bytes[parser.pos] != UInt8(ascii: "<") {
                    if open.isEmpty, !XMLPropertyListParser.isWhitespace(bytes[parser.pos]) {
                        throw parser.error("unexpected text outside the root element", at: parser.pos)
                    }
                    parser.pos += 1
                }
            } else {
                parser.skipWhitespace()
            }
            guard parser.pos < bytes.count else { break }
            if parser.hasPrefix("<!--") {
                try parser.skipComment()
            } else if parser.hasPrefix("<?") {
                try parser.skipProcessingInstruction()
            } else if parser.hasPrefix("<![CDATA[") {
                guard let end = parser.find([0x5D, 0x5D, 0x3E]) else {  // "]]>"
                    throw parser.error("CDATA section is never closed with ']]>'", at: parser.pos)
                }
                parser.pos = end + 3
            } else if parser.hasPrefix("<!DOCTYPE"), root == nil, open.isEmpty {
                try parser.skipDoctype()
            } else {
                if root != nil, open.isEmpty {
                    throw parser.error("unexpected content after the root element", at: parser.pos)
                }
                let tag = try parser.readTag()
                if tag.isEnd {
                    guard let element = open.popLast(), element.name == tag.name else {
                        throw parser.error("unexpected end tag </\(tag.name)>", at: tag.start)
                    }
                    if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
                    continue
                }
                let element = ProjectXMLElement(
                    name: tag.name, attributes: try attributes(of: tag, parser: &parser), children: [],
                    line: line(at: tag.start))
                if tag.selfClosing {
                    if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
                } else {
                    guard open.count < propertyListMaximumDepth else {
                        throw parser.error("elements nest deeper than \(propertyListMaximumDepth) levels", at: tag.start)
                    }
                    open.append(element)
                }
            }
        }
        if let unclosed = open.last { throw parser.error("<\(unclosed.name)> is never closed", at: bytes.count) }
        guard let root else { throw parser.error("the document has no root element", at: 0) }
        return root
    }

    /// The root element of the XML file at `file`.
    ///
    /// - Throws: ``ProjectFileError`` when the file cannot be read or is malformed, with the line
    ///   and column of the problem.
    package static func parse(file: String, fileSystem: any FileSystem) throws(ProjectFileError) -> ProjectXMLElement {
        let bytes = try XcodeProject.readFile(file, fileSystem: fileSystem)
        do {
            return try parse(bytes)
        } catch {
            throw ProjectFileError(file: file, line: error.location?.line, column: error.location?.column, message: error.message)
        }
    }

    /// Decodes `name = "value"` pairs (either quote) from the tag's attribute bytes.
    static func attributes(of tag: XMLPropertyListParser.Tag, parser: inout XMLPropertyListParser) throws(PropertyListError) -> [String: String] {
        let bytes = parser.bytes
        let resume = parser.pos
        defer { parser.pos = resume }
        var attributes: [String: String] = [:]
        var index = tag.attributes.lowerBound
        let end = tag.attributes.upperBound
        while true {
            while index < end, XMLPropertyListParser.isWhitespace(bytes[index]) { index += 1 }
            guard index < end else { break }
            let nameStart = index
            while index < end, !XMLPropertyListParser.isNameTerminator(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            while index < end, XMLPropertyListParser.isWhitespace(bytes[index]) { index += 1 }
            guard !name.isEmpty, index < end, bytes[index] == UInt8(ascii: "=") else {
                throw parser.error("expected name=\"value\" in <\(tag.name)>", at: nameStart)
            }
            index += 1
            while index < end, XMLPropertyListParser.isWhitespace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw parser.error("attribute '\(name)' in <\(tag.name)> has no quoted value", at: index)
            }
            let quote = bytes[index]
            index += 1
            var value: [UInt8] = []
            while index < end, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "&") {
                    parser.pos = index
                    let scalar = try parser.readEntity()
                    value.append(contentsOf: String(scalar).utf8)
                    index = parser.pos
                } else {
                    value.append(bytes[index])
                    index += 1
                }
            }
            index += 1
            attributes[name] = try parser.decodeUTF8(value, at: nameStart)
        }
        return attributes
    }
}
