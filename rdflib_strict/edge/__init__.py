"""The rdflib edge: the only code that deals with rdflib's plugins, stores and sinks.

``plugins`` (the Parser/Serializer adapters, install/uninstall), ``source`` (opening what a
caller gives), ``parsers`` (the one parser factory), ``sink`` (all-or-nothing store adds),
``store`` (reading graphs for the writers), ``terms`` (the term factory). Of these, only
``internals`` touches rdflib's private attributes, store internals or plugin registry.
"""
