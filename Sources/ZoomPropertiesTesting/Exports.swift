// A test of your own ZoomImplementation imports this module alone: the protocol and value
// types (MercatorCore), the catalogue and its runner (ZoomProperties), the engine's seeds and
// settings (PropertyCheck) and its Swift Testing glue (PropertyCheckTesting) come with it.
@_exported import MercatorCore
@_exported import PropertyCheck
@_exported import PropertyCheckTesting
@_exported import ZoomProperties
