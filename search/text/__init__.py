"""Pure text: the query language, stop words, marks, citation keys, jurisdiction names,
switch words. No Django, no engine; imports nothing else of the portal."""
