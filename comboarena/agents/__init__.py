"""Game-independent agents (random, ISMCTS, human) and building agents by name."""

from .base import Agent, FirstAgent, RandomAgent
from .spec import agent_names, describe_agents, make_agent, parse_spec

__all__ = ["Agent", "FirstAgent", "RandomAgent", "agent_names", "describe_agents", "make_agent", "parse_spec"]
