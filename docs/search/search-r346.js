(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r346.js"]=[["rl/ppo/gae.html","Generalized Advantage Estimation (GAE)","gae-9","Advantages of a rollout","","advantages"]];
