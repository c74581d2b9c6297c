"""One module per format family and direction: the parsers (``lines``: N-Triples and N-Quads;
``turtle``: Turtle and TriG) and the writers (``write_lines``, ``write_turtle``, ``write_trig``,
sharing ``write_terms``). They build and read rdflib terms but never touch a store: the edge
hands them text and statements and takes statements back.
"""
