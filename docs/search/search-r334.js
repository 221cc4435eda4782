(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r334.js"]=[["rl/ppo/gae.html","Generalized Advantage Estimation (GAE)","gae-9","Advantages of a rollout","","advantages"]];
