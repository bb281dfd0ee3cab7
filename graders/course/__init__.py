"""The course around the engine: notebooks, the nbgrader bridge, batch autograding."""
