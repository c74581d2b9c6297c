"""The syntax toolkit: text in, positions and errors out; nothing here knows about rdflib stores.

Grammar fragments named after the W3C productions, chunked UTF-8 reading, escapes, IRIs and
language tags, the one ParseError with its position math, and what every reader shares.
"""
