"""The composition root of the hall: the hall server and its web panels."""
