import MercatorCore

/// Answers one request line: parse, check, compute, write the response.
enum EvalEvaluator {
    /// Writes the response to `line` (one line without its line feed) into `writer`, or
    /// nothing when the line is blank (only spaces, tabs and carriage returns).
    ///
    /// The `id` is echoed whenever the line is a JSON object; a line that is not JSON, or
    /// JSON that is not an object, gets an error response without an `id`.
    static func respond(
        to line: UnsafeBufferPointer<UInt8>, into writer: inout EvalResponseWriter,
        corrected: any ZoomImplementation = BuiltInImplementations.corrected
    ) {
        if isBlank(line) { return }
        var members = EvalMembers()
        do {
            if let kind = try EvalMembers.scan(line, into: &members) {
                writer.error(id: nil, .invalidRequest("a request must be a JSON object, not \(kind)"))
                return
            }
        } catch {
            writer.error(id: nil, .invalidRequest(error.message))
            return
        }
        let id = members.idRange.map { UnsafeBufferPointer(rebasing: line[$0]) }
        do {
            let request = try EvalRequest(members, in: line, corrected: corrected)
            try perform(request, id: id, into: &writer)
        } catch { writer.error(id: id, error) }
    }

    /// Computes the request's answer, then writes it (nothing is written if it throws).
    static func perform(_ request: EvalRequest, id: UnsafeBufferPointer<UInt8>?, into writer: inout EvalResponseWriter)
        throws(EvalFailure)
    {
        let implementation = request.implementation
        do {
            switch request.operation {
            case .project(let coordinate, let zoom, let convention):
                let pixel = try implementation.project(coordinate, zoom: zoom, convention: convention)
                writer.begin(id: id)
                writer.field("x", pixel.x)
                writer.field("y", pixel.y)
            case .unproject(let pixel):
                let coordinate = try implementation.unproject(pixel)
                writer.begin(id: id)
                writer.field("lat", coordinate.latitude)
                writer.field("lon", coordinate.longitude)
            case .span(let center, let zoom, let viewport, let convention):
                let region = try implementation.region(
                    centeredAt: center, zoom: zoom, viewport: viewport, convention: convention)
                writer.begin(id: id)
                // The centre the view shows (protocol v3), so that `exec:zoomcheck eval` is
                // checked by span-keeps-the-centre as any program that reports it is.
                writer.field("lat", region.center.latitude)
                writer.field("lon", region.center.longitude)
                writer.field("latitudeDelta", region.span.latitudeDelta)
                writer.field("longitudeDelta", region.span.longitudeDelta)
                writer.field("valid", region.isValid)
            case .zoom(let region, let viewport, let convention):
                let reading = try implementation.zoom(of: region, viewport: viewport, convention: convention)
                writer.begin(id: id)
                writer.field("zoom", reading.zoom)
                writer.field("level", reading.level)
            case .fit(let points, let viewport):
                if let viewport { try InputPolicy.checkViewport(viewport) }
                let region: Region
                if let viewport, let fitting = implementation as? any ViewportFitting {
                    region = try fitting.fit(points, into: viewport)
                } else {
                    region = try implementation.fit(points)
                }
                writer.begin(id: id)
                writer.field("lat", region.center.latitude)
                writer.field("lon", region.center.longitude)
                writer.field("latitudeDelta", region.span.latitudeDelta)
                writer.field("longitudeDelta", region.span.longitudeDelta)
                writer.field("valid", region.isValid)
            case .describe:
                writer.begin(id: id)
                for (name, json) in CapabilitiesJSON.members(implementation.capabilities, name: implementation.name) {
                    writer.rawField(name, json)
                }
            }
            writer.end()
        } catch { throw EvalFailure(error) }
    }

    /// Whether a line holds only spaces, tabs and carriage returns (or nothing).
    @inline(__always) static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in line where !ASCII.isWhitespace(byte) { return false }
        return true
    }
}
