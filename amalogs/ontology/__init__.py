"""The canonical AMALOGS ontology: typed vocabularies (:mod:`.terms`) and the WE appraisal (:mod:`.we`)."""
