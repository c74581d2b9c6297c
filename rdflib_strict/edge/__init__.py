"""The rdflib edge: the only code that deals with rdflib's plugins, stores and sinks.

``plugins`` (the Parser/Serializer adapters, install/uninstall), ``source`` (opening what a
caller gives), ``readers`` (the one factory of parsers, validators and line converters),
``sink`` (all-or-nothing store adds), ``writers`` (graphs and stores read for the format
writers), ``sourcemap`` (where statements were written), ``illtyped`` (ill-typed literal
reports). Of these, only ``rdflib_private`` touches rdflib's private attributes, store
internals or plugin registry.
"""
