// send: acting on the app.
extension REPL {
  func send(_ arguments: String) throws(REPLError) {
    session.send(try ActionParser<App.Feature.Action>.parse(arguments, synopsis: synopsis(.send)))
  }
}
